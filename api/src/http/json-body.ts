import { TextDecoder } from 'node:util';
import bourne from '@hapi/bourne';
import coBody from 'co-body';
import type { Middleware } from 'koa';
import { HttpError } from './http-error.ts';

declare module 'koa' {
  interface Request {
    /** The JSON body of a POST, PUT or PATCH (`{}` when it has another type); unset for other methods. */
    body?: unknown;
  }
}

interface JsonBodyLimits {
  /** Bytes of the body, after any Content-Encoding is undone; more is answered `413`. */
  maxBytes: number;
  /** Arrays and objects inside one another; deeper is answered `400` before anything parses or walks it. */
  maxDepth: number;
}

/** What the api takes as JSON (as the body parser it replaces: `application/json` and the `+json` types). */
const JSON_TYPES = ['application/json', 'application/*+json', 'application/csp-report'];
// DELETE too: erasing an account (DELETE account) carries the current password.
const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** RFC 8259 whitespace, then an object or an array: a body is one of those or empty. */
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[[{]/;

/**
 * Reads a JSON request body into `ctx.request.body`, within limits checked before it is parsed (never a 500 for what a client sends): a body
 * 50,000 arrays deep parsed fine, and then every walk over it (the text check, zod, a route) overflowed the stack:
 * a 500 and a core's worth of CPU per request. The text is read up to `maxBytes` (`413`), its nesting counted in one
 * pass over the characters (`400 {error, issues}` naming the limit), and only then parsed, refusing `__proto__` keys.
 * The bytes are decoded in the charset the `Content-Type` declares (UTF-8 when none): a latin1 body was read as UTF-8
 * and stored "Jos\uFFFD". An unknown charset is `415`, bytes that are not text in theirs `400`.
 * Other types of body are not read (`{}`), as before.
 */
export function jsonBody(limits: JsonBodyLimits): Middleware {
  const tooLarge = `The request body is larger than ${describeBytes(limits.maxBytes)}`;
  return async (ctx, next) => {
    if (!PARSED_METHODS.has(ctx.method) || !ctx.request.is(JSON_TYPES)) {
      if (PARSED_METHODS.has(ctx.method)) ctx.request.body = {};
      return next();
    }
    const decoder = decoderOf(ctx.request.charset);
    let bytes: Buffer;
    try {
      // Bytes (raw-body with no encoding): the charset is decoded below, by the WHATWG decoder a browser uses.
      bytes = (await coBody.text(ctx, {
        limit: limits.maxBytes,
        encoding: false as unknown as string,
      })) as unknown as Buffer;
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status === 413) throw new HttpError(413, tooLarge);
      throw new HttpError(
        typeof status === 'number' && status < 500 ? status : 400,
        'The request body could not be read',
      );
    }
    ctx.request.body = parseJsonBody(decoded(decoder, bytes), limits.maxDepth);
    return next();
  };
}

/**
 * The decoder of the body's declared charset (UTF-8 when none is declared), as a browser knows them: `latin1` and
 * `iso-8859-1` are windows-1252 there. `415` for a charset it does not know, before the body is read.
 */
function decoderOf(charset: string): TextDecoder {
  const label = charset || 'utf-8';
  try {
    return new TextDecoder(label, { fatal: true });
  } catch {
    throw new HttpError(
      415,
      `The request body's charset "${label.slice(0, 40)}" is not supported: send UTF-8 (or declare the charset it is in)`,
    );
  }
}

/** The body's text; `400` for bytes that are not text in its charset, rather than storing replacement characters. */
function decoded(decoder: TextDecoder, bytes: Buffer): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new HttpError(400, `The request body is not valid ${decoder.encoding} text`, [
      { path: ['body'], message: `The bytes are not ${decoder.encoding} text`, code: 'invalid_charset' },
    ]);
  }
}

/** The body's value: `{}` when empty; `400` when it is not an object or array, too deep, or not JSON. */
function parseJsonBody(text: string, maxDepth: number): unknown {
  if (text === '') return {};
  if (!OBJECT_OR_ARRAY.test(text)) throw notJson();
  if (nestingDepth(text, maxDepth) > maxDepth) {
    throw new HttpError(400, 'The request body is nested too deeply', [
      {
        path: ['body'],
        message: `Arrays and objects may be nested at most ${maxDepth} deep`,
        code: 'too_deep',
      },
    ]);
  }
  try {
    return bourne.parse(text, { protoAction: 'error' });
  } catch {
    throw notJson();
  }
}

const notJson = () => new HttpError(400, 'The request body is not valid JSON');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * How deep arrays and objects nest in a JSON text, counted without parsing it: brackets outside strings. It stops
 * counting once past `stopAbove`. Text that is not JSON gets some number; the parser refuses it afterwards.
 */
export function nestingDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return deepest;
}

function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} kB`;
}
