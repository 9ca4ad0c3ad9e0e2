/** Every page and API address lives under this prefix (vite `base` is `/webapps/`). */
export const BASENAME = '/webapps';
