import { request } from 'node:http';

/**
 * A GET with If-None-Match as a calendar app sends it. Not fetch(): by the Fetch standard a conditional request
 * also says `Cache-Control: no-cache`, which forbids the server to answer 304.
 */
export function conditionalGet(
  url: string,
  etag?: string,
): Promise<{ status: number; etag?: string; text: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: etag ? { 'if-none-match': etag } : {} }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, etag: response.headers.etag, text }));
    })
      .on('error', reject)
      .end();
  });
}
