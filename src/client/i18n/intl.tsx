import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { Children, createContext, Fragment, isValidElement, useContext, useMemo, type ReactNode } from 'react';
import type { MessageId, Messages } from './messages';

/**
 * The pages' formatting of their texts: react-intl's API as the shop uses it (IntlProvider, useIntl, FormattedMessage,
 * FormattedDate) over the catalogs the build compiles to ICU message ASTs. It is react-intl's output, node for node
 * (intl.test.tsx holds every message of both catalogs to it), in about a tenth of the bytes: react-intl with its
 * formatters was about 5 KiB brotli of every first route, for the few ICU forms the catalogs use (arguments, plural,
 * select, one tag). The server renders with it too, so hydration meets the same nodes.
 */

type PrimitiveType = string | number | bigint | boolean | null | undefined | Date;
/** A tag's function (`<link>…</link>`): it gets the tag's content. */
type TagFn<T> = (chunks: T[]) => T | T[];
export type PlainValues = Record<string, PrimitiveType | TagFn<string>>;
export type RichValues = Record<string, PrimitiveType | ReactNode | TagFn<ReactNode>>;
type Part = { text: true; value: string } | { text: false; value: unknown };

export interface IntlShape {
  locale: string;
  messages: Messages;
  formatMessage(descriptor: { id: MessageId }, values?: PlainValues): string;
  formatMessage(descriptor: { id: MessageId }, values?: RichValues): ReactNode;
  formatNumber(value: number | bigint, options?: Intl.NumberFormatOptions): string;
  formatDate(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  formatTime(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
}

// The element kinds of @formatjs/icu-messageformat-parser's TYPE (a runtime enum the bundle would carry).
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;
const DATE = 3;
const TIME = 4;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;
const TAG = 8;

/** Formatters are costly to make: one per locale and options, as react-intl keeps them. */
function memo<T>(make: (locale: string, options?: object) => T): (locale: string, options?: object) => T {
  const made = new Map<string, T>();
  return (locale, options) => {
    const key = `${locale}\u0000${JSON.stringify(options ?? {})}`;
    let formatter = made.get(key);
    if (!formatter) made.set(key, (formatter = make(locale, options)));
    return formatter;
  };
}
const numberFormat = memo((locale, options) => new Intl.NumberFormat(locale, options));
const dateTimeFormat = memo((locale, options) => new Intl.DateTimeFormat(locale, options));
const pluralRules = memo((locale, options) => new Intl.PluralRules(locale, options));
const toDate = (value: Date | number | string) => (typeof value === 'string' ? new Date(value) : value);
const has = (options: object, key: string) => Object.prototype.hasOwnProperty.call(options, key);
/** A skeleton's options; a named style (`{n, number, percent}`) the catalogs do not use formats as the default. */
const styleOptions = (style: unknown) => (style && typeof style === 'object' && 'parsedOptions' in style ? (style.parsedOptions as object) : undefined);

function toParts(elements: MessageFormatElement[], locale: string, values: RichValues, pluralValue?: number): Part[] {
  const parts: Part[] = [];
  for (const element of elements) {
    if (element.type === LITERAL) {
      parts.push({ text: true, value: element.value });
      continue;
    }
    if (element.type === POUND) {
      if (pluralValue !== undefined) parts.push({ text: true, value: numberFormat(locale).format(pluralValue) });
      continue;
    }
    const value = values[element.value];
    switch (element.type) {
      case ARGUMENT:
        if (!value || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
          parts.push({ text: true, value: typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value) : '' });
        else parts.push({ text: false, value });
        break;
      case NUMBER:
        parts.push({ text: true, value: numberFormat(locale, styleOptions(element.style)).format(value as number) });
        break;
      case DATE:
        parts.push({ text: true, value: dateTimeFormat(locale, styleOptions(element.style)).format(value as Date) });
        break;
      case TIME:
        parts.push({ text: true, value: dateTimeFormat(locale, styleOptions(element.style) ?? { hour: 'numeric', minute: 'numeric', second: 'numeric' }).format(value as Date) });
        break;
      case TAG: {
        const chunks = toParts(element.children, locale, values, pluralValue).map((part) => part.value);
        const made = typeof value === 'function' ? (value as TagFn<unknown>)(keyed(chunks)) : chunks;
        for (const chunk of Array.isArray(made) ? made : [made]) parts.push(typeof chunk === 'string' ? { text: true, value: chunk } : { text: false, value: chunk });
        break;
      }
      case SELECT: {
        const key = String(value);
        const option = (has(element.options, key) ? element.options[key] : undefined) ?? element.options.other;
        if (option) parts.push(...toParts(option.value, locale, values));
        break;
      }
      case PLURAL: {
        const count = Number(value);
        const exact = `=${count}`;
        const rule = has(element.options, exact) ? exact : pluralRules(locale, { type: element.pluralType }).select(count - element.offset);
        const option = (has(element.options, rule) ? element.options[rule as keyof typeof element.options] : undefined) ?? element.options.other;
        if (option) parts.push(...toParts(option.value, locale, values, count - element.offset));
        break;
      }
    }
  }
  return parts;
}

/** react-intl's keys on rich parts (each element in a keyed fragment), so a list of them renders without warnings. */
function keyed(nodes: unknown[]): ReactNode[] {
  return Children.toArray(nodes as ReactNode[]).map((node, index) => (isValidElement(node) ? <Fragment key={index}>{node}</Fragment> : node));
}

/** One string when every part is text, else the parts with adjacent texts joined: what react-intl answers. */
export function formatMessage(locale: string, messages: Messages, id: MessageId, values: RichValues = {}): ReactNode {
  const message = messages[id] as MessageFormatElement[] | undefined;
  if (!message) return id;
  const joined: unknown[] = [];
  let lastIsText = false;
  for (const part of toParts(message, locale, values)) {
    if (part.text && lastIsText) joined[joined.length - 1] += part.value;
    else joined.push(part.value);
    lastIsText = part.text;
  }
  if (joined.length <= 1) return (joined[0] as ReactNode) ?? '';
  return keyed(joined);
}

export function createIntl(locale: string, messages: Messages): IntlShape {
  return {
    locale,
    messages,
    formatMessage: ((descriptor: { id: MessageId }, values?: RichValues) => formatMessage(locale, messages, descriptor.id, values)) as IntlShape['formatMessage'],
    formatNumber: (value, options) => numberFormat(locale, options).format(value),
    formatDate: (value, options) => dateTimeFormat(locale, options).format(toDate(value)),
    // react-intl's default time is hours and minutes.
    formatTime: (value, options) => dateTimeFormat(locale, options ?? { hour: 'numeric', minute: 'numeric' }).format(toDate(value)),
  };
}

const IntlContext = createContext<IntlShape | null>(null);

export function IntlProvider({ locale, messages, children }: { locale: string; messages: Messages; children: ReactNode }) {
  const intl = useMemo(() => createIntl(locale, messages), [locale, messages]);
  return <IntlContext value={intl}>{children}</IntlContext>;
}

export function useIntl(): IntlShape {
  const intl = useContext(IntlContext);
  if (!intl) throw new Error('useIntl outside an IntlProvider');
  return intl;
}

export function FormattedMessage({ id, values }: { id: MessageId; values?: RichValues }) {
  return <>{useIntl().formatMessage({ id }, values)}</>;
}

export function FormattedDate({ value, ...options }: Intl.DateTimeFormatOptions & { value: Date | number | string }) {
  return <>{useIntl().formatDate(value, options)}</>;
}
