import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { formatShopDate } from '../../../shared/dates';
import { AccountBalanceDocument } from '../../graphql/generated/documents/AccountBalance';
import type { AccountBalanceQuery } from '../../graphql/generated/operations';
import type { LoaderEnv } from '../../lib/route-context';
import { AccountFrame, SigningIn } from './AccountFrame';
import { accountLoader, type AccountLoaderData } from './account-loader';

export function balanceLoader(args: LoaderFunctionArgs, env: LoaderEnv) {
  return accountLoader(args, env, AccountBalanceDocument);
}

/**
 * Mina sidor › Saldo: the balance and its movements, newest first: the day (in the shop's time zone, so server and
 * browser render the same day wherever they run), what it was, the amount and the balance after it.
 */
export function BalancePage() {
  const intl = useIntl();
  const loaded = useLoaderData() as AccountLoaderData<AccountBalanceQuery>;
  if (loaded.signingIn) return <SigningIn />;
  const { getUser, getBalance } = loaded.data;
  return (
    <AccountFrame title="account.balance.title" user={getUser}>
      <p className="account-balance__amount">
        <FormattedMessage id="account.balance.amount" values={{ amount: <strong>{getBalance.amountFormatted}</strong> }} />
      </p>
      <section className="account-section" aria-labelledby="balance-movements">
        <h2 id="balance-movements">
          <FormattedMessage id="account.balance.movements" />
        </h2>
        {getBalance.movements.length ? (
          <ul className="account-balance__movements">
            {getBalance.movements.map((movement, index) => (
              <li key={index}>
                <time dateTime={movement.createdAt}>{formatShopDate(movement.createdAt, intl.locale)}</time>
                <span className="account-order__price">{movement.amountFormatted}</span>
                <span className="account-balance__text">
                  {movement.description}
                  {movement.orderNumber !== null && movement.orderNumber !== undefined && (
                    <>
                      {' · '}
                      <FormattedMessage id="account.balance.order" values={{ number: movement.orderNumber }} />
                    </>
                  )}
                </span>
                <span className="account-balance__after">
                  <FormattedMessage id="account.balance.after" values={{ amount: movement.balanceAfterFormatted }} />
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            <FormattedMessage id="account.balance.none" />
          </p>
        )}
      </section>
    </AccountFrame>
  );
}
