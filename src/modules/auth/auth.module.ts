import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionLookup } from '../../common/auth/session-lookup';
import { BusinessMember } from '../staff/entities/business-member.entity';
import { User } from '../staff/entities/user.entity';
import { AuthThrottle } from './auth-throttle';
import { PasswordChecks } from './password-checks';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { UserSession } from './entities/user-session.entity';
import { SessionIssuer } from './session-issuer';
import { SessionLookupStore } from './session-lookup.store';
import { TwoFactorService } from './two-factor.service';

/**
 * Staff sign-in and sessions (docs/api.md 19). Provides EarlyAuthentication's SessionLookup, and to
 * other modules (staff: accept-invite, password resets) AuthThrottle and SessionIssuer; endSessions
 * is a function of a Tx. Global, as BusinessesModule's key lookup is reached app-wide.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserSession, User, BusinessMember])],
  controllers: [AuthController],
  providers: [{ provide: SessionLookup, useClass: SessionLookupStore }, AuthService, AuthThrottle, SessionIssuer, TwoFactorService, PasswordChecks],
  exports: [SessionLookup, AuthThrottle, SessionIssuer, TwoFactorService, PasswordChecks],
})
export class AuthModule {}
