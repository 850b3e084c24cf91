// @vitest-environment happy-dom
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from '../i18n/intl';
import { catalogs } from '../i18n/intl-test-kit';
import en from '../../../locales/en.json';
import { Observable, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { SubscribeToNewsletterDocument } from '../graphql/generated/documents/SubscribeToNewsletter';
import { createCache } from './apollo';
import { useShopMutation } from './use-shop-mutation';

const variables = { email: 'asa@exempel.se', channelId: '2|en', languageId: 'en' };

function mutationWith(link: ApolloLink) {
  const client = new ApolloClient({ cache: createCache(), link });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale="en-US" messages={catalogs.en}>
      <ApolloProvider client={client}>{children}</ApolloProvider>
    </IntlProvider>
  );
  return renderHook(() => useShopMutation(SubscribeToNewsletterDocument), { wrapper });
}

describe('a form\'s mutation', () => {
  it('answers the data', async () => {
    const { result } = mutationWith(new ApolloLink(() => of({ data: { subscribeToNewsletter: { __typename: 'NewsletterResult', ok: true, message: 'Welcome' } } })));
    const answer = await act(() => result.current[0](variables));
    expect(answer).toEqual({ data: { subscribeToNewsletter: { __typename: 'NewsletterResult', ok: true, message: 'Welcome' } }, error: null });
  });

  it('answers a refusal in the client error shape, never rejecting', async () => {
    const { result } = mutationWith(
      new ApolloLink(() => of({ data: null, errors: [{ message: 'You must enter a valid email', extensions: { code: 'BAD_USER_INPUT', fields: { email: 'You must enter a valid email' } } }] })),
    );
    const answer = await act(() => result.current[0](variables));
    expect(answer).toEqual({ data: null, error: { code: 'BAD_USER_INPUT', message: 'You must enter a valid email', fields: { email: 'You must enter a valid email' } } });
  });

  it('words an unexpected error and a lost answer in the shopper\'s language', async () => {
    const masked = mutationWith(new ApolloLink(() => of({ data: null, errors: [{ message: 'Unexpected error.' }] })));
    expect((await act(() => masked.result.current[0](variables))).error?.message).toBe(en['error.generic']);
    const offline = mutationWith(new ApolloLink(() => new Observable((observer) => observer.error(new TypeError('Failed to fetch')))));
    expect((await act(() => offline.result.current[0](variables))).error).toEqual({ code: 'NETWORK', message: en['error.generic'], fields: {} });
  });

  it('is loading while the request runs', async () => {
    let answer: (() => void) | undefined;
    const { result } = mutationWith(
      new ApolloLink(
        () =>
          new Observable((observer) => {
            answer = () => {
              observer.next({ data: { subscribeToNewsletter: { __typename: 'NewsletterResult', ok: true, message: null } } });
              observer.complete();
            };
          }),
      ),
    );
    expect(result.current[1].loading).toBe(false);
    let sent: Promise<unknown> | undefined;
    act(() => {
      sent = result.current[0](variables);
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(result.current[1].loading).toBe(true);
    await act(async () => {
      answer!();
      await sent;
    });
    expect(result.current[1].loading).toBe(false);
  });
});
