import { IsOneOf, OptionalNotNull } from '../../../common/validation/decorators';

/** POST /imports/:id/apply: `skip` (default) applies the rows without errors, `abort` applies nothing when any row has one. */
export class ApplyImportDto {
  @OptionalNotNull()
  @IsOneOf(['skip', 'abort'])
  on_error?: 'skip' | 'abort';
}
