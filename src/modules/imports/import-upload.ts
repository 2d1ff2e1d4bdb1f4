import { MulterOptions } from '@nestjs/platform-express/multer/interfaces/multer-options.interface';
import { loadConfig } from '../../config/app-config';
import { MAX_IMPORT_BYTES } from './import-file';

/**
 * How POST /imports takes its file: streamed to disk (never held in memory) in IMPORT_UPLOAD_DIR
 * (created when missing) under a random name, at most 50 MiB (multer stops reading beyond: 413
 * PAYLOAD_TOO_LARGE), one file and a few short fields.
 */
export function uploadOptions(): MulterOptions {
  return {
    dest: loadConfig().importUploadDir,
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
  };
}
