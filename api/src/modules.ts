import type { CourtsideModule } from './module.ts';

/** The product's features, in the order their routes are mounted. Each issue adds its module here. */
export const productModules: readonly CourtsideModule[] = [];
