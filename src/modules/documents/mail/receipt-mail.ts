import { money } from '../document-model';
import { ReceiptModel } from '../receipt-model';
import { oneLine } from './invoice-mail';
import { OutgoingMail } from './mail-kinds';

/**
 * An order's receipt by mail (docs/api.md 21), as nodemailer takes it: subject the business and the
 * order number, body the total and the time of the sale (and the receipt footer), the PDF attached.
 * `recipient` is a validated address (IsEmailAddress, no control character); `from` is MAIL_FROM, the
 * business's name its display name, its email the Reply-To. Names become one line (oneLine).
 */
export function composeReceiptMail(model: ReceiptModel, recipient: string, from: string, pdf: Buffer): OutgoingMail {
  const business = oneLine(model.seller.name);
  const greeting = oneLine(model.customer);
  const text = [
    greeting ? `Hello ${greeting},` : 'Hello,',
    '',
    `thank you for your purchase at ${business}. Your receipt ${model.number} is attached.`,
    '',
    `Total: ${money(model.total)} ${model.currency}`,
    `Date: ${model.soldAt}`,
    ...(model.footer ? ['', model.footer] : []),
    '',
  ].join('\n');
  return {
    from: { name: business, address: from },
    ...(model.seller.email ? { replyTo: { name: business, address: model.seller.email } } : {}),
    to: { name: greeting, address: recipient },
    subject: `Receipt ${model.number} from ${business}`,
    text,
    attachments: [{ filename: `${model.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}
