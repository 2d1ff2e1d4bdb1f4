// Where class-transformer keeps @Type metadata at run time; its package types it under types/ only.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
