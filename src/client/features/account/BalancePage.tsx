import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { FormattedDate, FormattedMessage } from '../../i18n/intl';
import { AccountBalanceDocument } from '../../graphql/generated/documents/AccountBalance';
import type { AccountBalanceQuery } from '../../graphql/generated/operations';
import type { LoaderEnv } from '../../lib/route-context';
import { AccountFrame, SigningIn } from './AccountFrame';
import { accountLoader, type AccountLoaderData } from './account-loader';

export function balanceLoader(args: LoaderFunctionArgs, env: LoaderEnv) {
  return accountLoader(args, env, AccountBalanceDocument);
}

export function BalancePage() {
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
                <span>
                  <FormattedDate value={movement.createdAt} dateStyle="medium" />
                </span>
                <span>
                  {movement.description}
                  {movement.orderNumber !== null && movement.orderNumber !== undefined && (
                    <>
                      {' · '}
                      <FormattedMessage id="account.balance.order" values={{ number: movement.orderNumber }} />
                    </>
                  )}
                </span>
                <span className="account-order__price">{movement.amountFormatted}</span>
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
