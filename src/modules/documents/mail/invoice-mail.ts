import { withoutControlCharacters } from '../../../common/validation/text-fields';
import { DocumentModel, money } from '../document-model';
import { OutgoingMail } from './mail-kinds';

/** An invoice's mail, as nodemailer takes it: addresses as objects, never header text built here. */
export interface InvoiceMail extends OutgoingMail {
  attachments: { filename: string; content: Buffer; contentType: 'application/pdf' }[];
}

/**
 * A display name or a subject made of stored text: every control character (CR, LF, ...) becomes a
 * space, so no name can end a header line and start another; nodemailer then encodes it (RFC 2047).
 * The profile's fields are refused with CR/LF already (IsSingleLine); a customer's name is not.
 */
export function oneLine(text: string | null | undefined, max = 200): string {
  return withoutControlCharacters(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

/**
 * Subject: the business and the invoice number; body: the total and the due date (and the status),
 * the business's footer; the PDF attached. `recipient` is a validated address (IsEmailAddress, no
 * control character); `from` is MAIL_FROM, the business's name its display name, its email the Reply-To.
 */
export function composeInvoiceMail(model: DocumentModel, dueDate: string, status: string, recipient: string, from: string, pdf: Buffer): InvoiceMail {
  const business = oneLine(model.seller.name);
  const total = model.totals[model.totals.length - 1][1];
  const greeting = oneLine(model.customer?.name);
  const text = [
    greeting ? `Hello ${greeting},` : 'Hello,',
    '',
    `please find attached invoice ${model.number} from ${business}.`,
    '',
    `Total: ${money(total)} ${model.currency}`,
    `Due date: ${dueDate}`,
    `Status: ${status}`,
    ...(model.footer ? ['', model.footer] : []),
    '',
  ].join('\n');
  return {
    from: { name: business, address: from },
    ...(model.seller.email ? { replyTo: { name: business, address: model.seller.email } } : {}),
    to: { name: greeting, address: recipient },
    subject: `Invoice ${model.number} from ${business}`,
    text,
    attachments: [{ filename: `${model.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}
