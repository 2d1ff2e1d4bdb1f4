import { Body, Controller, Delete, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import { Request, Response } from 'express';
import { BusinessContext, CurrentBusiness, CurrentSession, RequestSession } from '../../common/auth/business-context';
import { Public } from '../../common/auth/public.decorator';
import { AnyScope } from '../../common/auth/requires-scope.decorator';
import { SESSION_COOKIE } from '../../common/auth/session-lookup';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { RecoveryCodesJson, SessionJson, SessionListItemJson, TwoFactorSetupJson } from './auth.json';
import { AuthService } from './auth.service';
import { clientAddress } from '../../common/http/client';
import { DisableTwoFactorDto, SignInDto, SwitchBusinessDto, TwoFactorCodeDto } from './dto/sign-in.dto';
import { TwoFactorService } from './two-factor.service';

/** Said of every route below that acts on the caller's own session (an API key has none). */
const SESSION_ONLY = 'Signed in as a user only (the `bo_session` cookie; a write also sends `X-CSRF-Token`): an API key gets 401.';

/**
 * docs/api.md 19: sign-in and the signed-in user's session. Not under Idempotency-Key: sign-in
 * answers with a new session each time (a replayed answer would hand out a cookie's CSRF token), and
 * the other writes are the session's own, idempotent by nature (signing out twice, revoking twice: 404).
 */
@ApiTags('auth')
@ApiBearerAuth()
@ApiCookieAuth(SESSION_COOKIE)
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  @Post('sign-in')
  @HttpCode(200)
  @Public()
  @Endpoint({
    public: true,
    body: true,
    summary: 'Sign in with email and password (and a two-factor code when on): sets the bo_session cookie',
    description:
      'A wrong email and a wrong password are the same 401 INVALID_CREDENTIALS. The session starts in the first active membership. Failed attempts are throttled per email and per address (429 TOO_MANY_ATTEMPTS, Retry-After).',
    response: SessionJson,
    errors: ['INVALID_CREDENTIALS', 'TWO_FACTOR_REQUIRED', 'INVALID_TWO_FACTOR_CODE', 'NO_ACTIVE_MEMBERSHIP', 'TOO_MANY_ATTEMPTS'],
  })
  signIn(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() dto: SignInDto): Promise<SessionJson> {
    return this.auth.signIn(req, res, dto);
  }

  @Get('session')
  @AnyScope()
  @Endpoint({ summary: 'Who is signed in: the user, the current business, role, scopes and CSRF token', description: SESSION_ONLY, response: SessionJson })
  current(@CurrentSession() session: RequestSession, @CurrentBusiness() biz: BusinessContext): Promise<SessionJson> {
    return this.auth.current(session, biz);
  }

  @Post('session/business')
  @HttpCode(200)
  @AnyScope()
  @Endpoint({
    summary: 'Move the session to another business the user is an active member of',
    description: SESSION_ONLY,
    body: true,
    response: SessionJson,
    errors: ['NOT_FOUND'],
  })
  switchBusiness(@CurrentSession() session: RequestSession, @Body() dto: SwitchBusinessDto): Promise<SessionJson> {
    return this.auth.switchBusiness(session, dto.business_id);
  }

  @Get('sessions')
  @AnyScope()
  @Endpoint({ summary: "The signed-in user's sessions, newest first", description: SESSION_ONLY, response: SessionListItemJson, shape: 'array' })
  list(@CurrentSession() session: RequestSession): Promise<SessionListItemJson[]> {
    return this.auth.list(session);
  }

  @Delete('sessions/:id')
  @HttpCode(204)
  @AnyScope()
  @Endpoint({ summary: "End one of the user's sessions (at once, in every process)", description: SESSION_ONLY, status: 204, errors: ['NOT_FOUND'] })
  revoke(@CurrentSession() session: RequestSession, @CurrentBusiness() biz: BusinessContext, @UuidParam() id: string): Promise<void> {
    return this.auth.revoke(session, biz, id);
  }

  @Post('sign-out')
  @HttpCode(204)
  @AnyScope()
  @Endpoint({ summary: 'End this session and clear its cookie', description: SESSION_ONLY, status: 204, body: true })
  signOut(@CurrentSession() session: RequestSession, @CurrentBusiness() biz: BusinessContext, @Res({ passthrough: true }) res: Response): Promise<void> {
    return this.auth.signOut(session, biz, res);
  }

  @Post('two-factor/setup')
  @HttpCode(200)
  @AnyScope()
  @Endpoint({
    summary: 'Start two-factor: a new TOTP secret and its otpauth URI (in effect once enabled)',
    description: SESSION_ONLY,
    body: true,
    response: TwoFactorSetupJson,
    errors: ['TWO_FACTOR_ALREADY_ENABLED'],
  })
  setupTwoFactor(@CurrentSession() session: RequestSession): Promise<TwoFactorSetupJson> {
    return this.twoFactor.setup(session);
  }

  @Post('two-factor/enable')
  @HttpCode(200)
  @AnyScope()
  @Endpoint({
    summary: 'Turn two-factor on with a code of the authenticator app: ten single-use recovery codes, shown once',
    description: SESSION_ONLY,
    body: true,
    response: RecoveryCodesJson,
    errors: ['INVALID_TWO_FACTOR_CODE', 'TWO_FACTOR_NOT_SET_UP', 'TWO_FACTOR_ALREADY_ENABLED', 'TOO_MANY_ATTEMPTS'],
  })
  enableTwoFactor(@CurrentSession() session: RequestSession, @CurrentBusiness() biz: BusinessContext, @Req() req: Request, @Body() dto: TwoFactorCodeDto) {
    return this.twoFactor.enable(session, biz, dto.code, clientAddress(req));
  }

  @Post('two-factor/disable')
  @HttpCode(204)
  @AnyScope()
  @Endpoint({
    summary: 'Turn two-factor off with the password and a code (or a recovery code)',
    description: SESSION_ONLY,
    body: true,
    status: 204,
    errors: ['INCORRECT_PASSWORD', 'INVALID_TWO_FACTOR_CODE', 'TWO_FACTOR_NOT_SET_UP', 'TOO_MANY_ATTEMPTS'],
  })
  disableTwoFactor(@CurrentSession() session: RequestSession, @CurrentBusiness() biz: BusinessContext, @Req() req: Request, @Body() dto: DisableTwoFactorDto) {
    return this.twoFactor.disable(session, biz, dto.password, dto.code, clientAddress(req));
  }
}
