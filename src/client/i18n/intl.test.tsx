// @vitest-environment node
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { renderToString } from 'react-dom/server';
import { createIntl as createReactIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import sv from '../../../locales/sv.json';
import { channels } from '../../shared/locales';
import { createIntl, type RichValues } from './intl';
import { catalogs } from './intl-test-kit';
import type { MessageId } from './messages';

/** Each way a message can come out: every select option, plural counts of each rule, tags, rich and plain arguments. */
function valueSets(elements: MessageFormatElement[]): RichValues[] {
  const choices = new Map<string, unknown[]>();
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === 1) choices.set(el.value, ['Zelda', <em key="x">Zelda</em>, 7]);
      if (el.type === 2) choices.set(el.value, [1234.5]);
      if (el.type === 3 || el.type === 4) choices.set(el.value, [new Date(Date.UTC(2026, 10, 28, 12))]);
      if (el.type === 5) choices.set(el.value, [...Object.keys(el.options), 'unknown']);
      if (el.type === 6) choices.set(el.value, [0, 1, 2, 1234]);
      if (el.type === 8) choices.set(el.value, [(chunks: unknown[]) => <a href="/x">{chunks as React.ReactNode[]}</a>]);
      if (el.type === 5 || el.type === 6) Object.values(el.options).forEach((option) => walk(option.value));
      if (el.type === 8) walk(el.children);
    }
  };
  walk(elements);
  let sets: RichValues[] = [{}];
  for (const [name, values] of choices) sets = sets.flatMap((set) => values.map((value) => ({ ...set, [name]: value }) as RichValues));
  return sets.slice(0, 64);
}

describe('the pages’ formatter', () => {
  for (const [languageId, source] of [['sv', sv], ['en', en]] as const) {
    it(`renders every ${languageId} message as react-intl does, node for node`, () => {
      const locale = channels[languageId].iso;
      const reference = createReactIntl({ locale, messages: source as Record<string, string>, onError: () => undefined });
      const intl = createIntl(locale, catalogs[languageId]);
      for (const id of Object.keys(source) as MessageId[]) {
        for (const values of valueSets(catalogs[languageId][id])) {
          const expected = renderToString(<>{reference.formatMessage({ id }, values as never)}</>);
          expect(renderToString(<>{intl.formatMessage({ id }, values)}</>), `${id} ${JSON.stringify(Object.keys(values))}`).toBe(expected);
        }
      }
    });
  }

  it('formats numbers, dates and times as react-intl does', () => {
    const reference = createReactIntl({ locale: 'sv-SE', messages: {} });
    const intl = createIntl('sv-SE', catalogs.sv);
    const at = Date.UTC(2026, 10, 28, 13, 5);
    expect(intl.formatNumber(1234.5)).toBe(reference.formatNumber(1234.5));
    expect(intl.formatDate(at, { day: 'numeric', month: 'short' })).toBe(reference.formatDate(at, { day: 'numeric', month: 'short' }));
    expect(intl.formatDate('2026-11-28T13:05:00Z', { dateStyle: 'medium' })).toBe(reference.formatDate('2026-11-28T13:05:00Z', { dateStyle: 'medium' }));
    expect(intl.formatTime(at, { hour: '2-digit', minute: '2-digit' })).toBe(reference.formatTime(at, { hour: '2-digit', minute: '2-digit' }));
  });

  it('answers the id for a message the catalog lacks', () => {
    expect(createIntl('sv-SE', catalogs.sv).formatMessage({ id: 'nope' as MessageId })).toBe('nope');
  });
});
