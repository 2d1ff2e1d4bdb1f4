import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:public';
/** Routes reachable without an API key (health). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
