import { IsOneOf } from '../../../common/validation/decorators';
import { IMPORT_KINDS, ImportKind } from '../entities/import.entity';

/** The form fields of POST /imports besides `file`. */
export class CreateImportDto {
  @IsOneOf(IMPORT_KINDS)
  kind: ImportKind;
}
