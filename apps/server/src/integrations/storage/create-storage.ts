import type { FileStorage, StorageConfig } from './storage.ts';

/**
 * The configured driver. Apart from the interface (storage.ts), which the drivers import: the
 * choice imports the drivers, so keeping it there made a circle.
 */
export async function createStorage(config: StorageConfig): Promise<FileStorage> {
  if (config.driver === 'local') {
    const { createLocalStorage } = await import('./local-storage.ts');
    return createLocalStorage(config.root);
  }
  // The AWS SDK loads only when S3 is configured.
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage(config);
}
