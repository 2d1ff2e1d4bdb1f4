import { ApiProperty } from '@nestjs/swagger';

/** POST /auth/forgot-password's answer: the same words whether or not the email is a user's. */
export class ForgotPasswordJson {
  @ApiProperty({ example: "If the email is a user's, a link to reset the password is on its way (valid 1 hour)." })
  message: string;
}

export const FORGOT_PASSWORD_ANSWER: ForgotPasswordJson = {
  message: "If the email is a user's, a link to reset the password is on its way (valid 1 hour).",
};
