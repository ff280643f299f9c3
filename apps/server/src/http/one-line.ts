/** Control characters (line breaks, tabs, NUL ...) as single spaces: safe in a header or a listing line. */
export const oneLine = (value: string) => value.replace(/\p{Cc}+/gu, ' ').trim();
