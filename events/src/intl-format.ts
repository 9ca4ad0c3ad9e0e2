const formats = new Map<string, Intl.DateTimeFormat>();

/** An `Intl.DateTimeFormat` made once per locale and options: building one costs far more than using it. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
