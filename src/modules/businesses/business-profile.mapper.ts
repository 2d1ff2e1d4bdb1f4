import { ApiProperty } from '@nestjs/swagger';
import { Business } from './entities/business.entity';

/** GET /business: the business and its letterhead (docs/api.md 17), every profile field nullable. */
export class BusinessProfileJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Corner Coffee' }) name: string;
  @ApiProperty({ example: 'EUR', description: 'ISO 4217' }) currency: string;
  @ApiProperty({ example: 'Europe/Berlin', description: 'IANA time zone: the business day of analytics, finance and invoices' }) timezone: string;
  @ApiProperty({ type: String, nullable: true, example: 'Corner Coffee GmbH' }) legal_name: string | null;
  @ApiProperty({ type: [String], nullable: true, maxItems: 5, example: ['Hauptstraße 1', '10115 Berlin'] }) address_lines: string[] | null;
  @ApiProperty({ type: String, nullable: true, example: 'DE123456789' }) tax_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'billing@corner.example' }) email: string | null;
  @ApiProperty({ type: String, nullable: true, example: '+49 30 1234567' }) phone: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'printed at the foot of its invoices and credit notes' }) invoice_footer: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'printed at the foot of its till receipts (docs/api.md 21)' }) receipt_footer: string | null;
  @ApiProperty({ description: 'whether the service can send mail (SMTP_URL is set): a client says "mail is not set up" before it offers to send' })
  email_configured: boolean;
  @ApiProperty({ description: 'members without two-factor are refused (403 TWO_FACTOR_SETUP_REQUIRED) outside /auth/* (docs/api.md 19)' })
  require_two_factor: boolean;
  @ApiProperty({ description: 'prices include tax (docs/api.md 22): line totals and subtotal are gross, the tax inside the total' })
  prices_include_tax: boolean;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'the tax rate of shipping; null: shipping untaxed' })
  shipping_tax_rate_id: string | null;
}

/** `emailConfigured`: the service's, not the business's (SMTP_URL). */
export function toBusinessProfileJson(business: Business, emailConfigured: boolean): BusinessProfileJson {
  return {
    id: business.id,
    name: business.name,
    currency: business.currency.trim(),
    timezone: business.timezone,
    legal_name: business.legalName,
    address_lines: business.addressLines,
    tax_id: business.taxId,
    email: business.email,
    phone: business.phone,
    invoice_footer: business.invoiceFooter,
    receipt_footer: business.receiptFooter,
    email_configured: emailConfigured,
    require_two_factor: business.requireTwoFactor,
    prices_include_tax: business.pricesIncludeTax,
    shipping_tax_rate_id: business.shippingTaxRateId,
  };
}
