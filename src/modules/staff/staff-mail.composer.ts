import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { oneLine } from '../documents/mail/invoice-mail';
import { ComposedMail, MailComposer, MailKinds } from '../documents/mail/mail-kinds';
import { ClaimedMailRow } from '../documents/persistence/mail-outbox.sql';
import { Business } from '../businesses/entities/business.entity';
import { BusinessMember } from './entities/business-member.entity';
import { StaffToken } from './entities/staff-token.entity';
import { roleOfMember } from './member-roles';
import { drawTokenValue } from './staff-tokens';

/**
 * Composes the outbox's staff mails (docs/api.md 19): an invitation to a business, a password reset.
 * Each attempt draws the token's value afresh and stores its hash (staff-tokens.ts), so no table ever
 * holds a usable token and the link of the mail that went out last is the one that works. A token
 * used, superseded, expired or removed (its membership) meanwhile leaves nothing to send.
 */
@Injectable()
export class StaffMailComposer implements MailComposer, OnModuleInit {
  constructor(
    private readonly kinds: MailKinds,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.kinds.register('staff_invite', this);
    this.kinds.register('password_reset', this);
  }

  async compose(row: ClaimedMailRow, from: string): Promise<ComposedMail> {
    const token = await this.dataSource.getRepository(StaffToken).findOne({ where: { id: row.staff_token_id ?? undefined }, relations: { user: true } });
    if (!token?.user) return { dropped: 'the link is no longer valid (used, replaced or its membership removed)' };
    const person = oneLine(token.user.name);
    if (row.kind === 'staff_invite') {
      const member = await this.dataSource.getRepository(BusinessMember).findOne({ where: { id: token.memberId! }, relations: { role: true } });
      const business = member && (await this.dataSource.getRepository(Business).findOneBy({ id: member.businessId }));
      if (!member || !business || member.status !== 'invited') return { dropped: 'the invitation is no longer pending' };
      const value = await drawTokenValue(this.dataSource.manager, token.id);
      if (!value) return { dropped: 'the invitation link is no longer valid (used, replaced or expired)' };
      const name = oneLine(business.name);
      const link = `${this.config.publicUrl}/console/accept-invite?token=${value}`;
      const text = [
        person ? `Hello ${person},` : 'Hello,',
        '',
        `you are invited to join ${name} as ${oneLine(roleOfMember(member, member.role).name)}.`,
        'Open this link within 72 hours to choose your password and sign in:',
        '',
        link,
        '',
        'If you did not expect this invitation, you can ignore this mail.',
        '',
      ].join('\n');
      return { mail: { from: { name, address: from }, to: { name: person, address: row.recipient }, subject: `You are invited to join ${name}`, text } };
    }
    const value = await drawTokenValue(this.dataSource.manager, token.id);
    if (!value) return { dropped: 'the reset link is no longer valid (used, replaced or expired)' };
    const link = `${this.config.publicUrl}/console/reset-password?token=${value}`;
    const text = [
      person ? `Hello ${person},` : 'Hello,',
      '',
      'someone asked to reset the password of your back-office account. Open this link within 1 hour to choose a new one:',
      '',
      link,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
      '',
    ].join('\n');
    return { mail: { from: { name: 'Back office', address: from }, to: { name: person, address: row.recipient }, subject: 'Reset your password', text } };
  }
}
