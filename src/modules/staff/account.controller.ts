import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Request, Response } from 'express';
import { Public } from '../../common/auth/public.decorator';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { SessionJson } from '../auth/auth.json';
import { AccountService } from './account.service';
import { AcceptInviteDto, ForgotPasswordDto, ResetPasswordDto } from './dto/account.dto';
import { FORGOT_PASSWORD_ANSWER, ForgotPasswordJson } from './account.json';

/** The links mailed to people (docs/api.md 19): no key, no session; the token is the credential. */
@ApiTags('auth')
@Controller('auth')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Post('accept-invite')
  @HttpCode(200)
  @Public()
  @Endpoint({
    public: true,
    summary:
      "Accept an invitation: a new user sets a password (and may correct the name), a user who has one gives it; signs in (the sign-in's answer and cookie)",
    response: SessionJson,
    body: true,
    errors: ['VALIDATION_FAILED', 'INVALID_TOKEN', 'WEAK_PASSWORD', 'INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS'],
  })
  acceptInvite(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() dto: AcceptInviteDto) {
    return this.account.acceptInvite(req, res, dto);
  }

  @Post('forgot-password')
  @HttpCode(202)
  @Public()
  @Endpoint({
    public: true,
    summary: 'Mail a password reset link (valid 1 h) to the user of this email, if there is one: always 202, the same whether or not there is',
    status: 202,
    response: ForgotPasswordJson,
    body: true,
    errors: ['VALIDATION_FAILED'],
  })
  forgotPassword(@Body() dto: ForgotPasswordDto): ForgotPasswordJson {
    this.account.forgotPassword(dto);
    return FORGOT_PASSWORD_ANSWER;
  }

  @Post('reset-password')
  @HttpCode(204)
  @Public()
  @Endpoint({
    public: true,
    summary: "Set a new password with a reset link's token; every session of the user ends",
    status: 204,
    body: true,
    errors: ['VALIDATION_FAILED', 'INVALID_TOKEN', 'WEAK_PASSWORD', 'TOO_MANY_ATTEMPTS'],
  })
  resetPassword(@Req() req: Request, @Body() dto: ResetPasswordDto) {
    return this.account.resetPassword(req, dto);
  }
}
