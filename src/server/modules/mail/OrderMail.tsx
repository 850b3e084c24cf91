import type { CSSProperties, ReactNode } from 'react';
import type { MailTexts } from './texts';
import type { OrderMailAddress, OrderMailData } from './types';

/**
 * Mail clients ignore style sheets and most of CSS: layout is nested tables with inline styles, a 600 px
 * column, system fonts, and nothing that needs scripts or remote images.
 */
export const BRAND = '#EE3F6B';
const INK = '#1f1f24';
const MUTED = '#5c5c66';
const RULE = '#e6e6ea';
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const cell: CSSProperties = { padding: '8px 0', borderBottom: `1px solid ${RULE}`, fontSize: 14, color: INK, verticalAlign: 'top' };
const numberCell: CSSProperties = { ...cell, textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: 12 };
const headCell: CSSProperties = { ...cell, fontSize: 12, color: MUTED, fontWeight: 600, textTransform: 'uppercase' };

export interface OrderMailProps {
  data: OrderMailData;
  texts: MailTexts;
  shop: { name: string; email: string };
  heading: string;
  intro: string;
  subject: string;
  /** The shipped mail's tracking button; already checked to be an http(s) URL. */
  trackingUrl?: string;
}

function Table({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} border={0} style={{ borderCollapse: 'collapse', ...style }}>
      <tbody>{children}</tbody>
    </table>
  );
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  const style: CSSProperties = { padding: '4px 0', fontSize: strong ? 16 : 14, fontWeight: strong ? 700 : 400, color: INK };
  return (
    <tr>
      <td style={style}>{label}</td>
      <td style={{ ...style, textAlign: 'right', whiteSpace: 'nowrap' }}>{value}</td>
    </tr>
  );
}

export function addressLines(address: OrderMailAddress): string[] {
  return [
    address.name,
    address.careOf ? `c/o ${address.careOf}` : '',
    address.street,
    address.street2 ?? '',
    `${address.zip} ${address.city}`.trim(),
    address.country,
  ].filter((line) => line.trim() !== '');
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td style={{ padding: '12px 12px 0 0', verticalAlign: 'top', width: '50%', fontSize: 14, color: INK }}>
      <div style={{ fontSize: 12, color: MUTED, fontWeight: 600, textTransform: 'uppercase', marginBottom: 4 }}>{label}</div>
      {children}
    </td>
  );
}

/** One order mail: header, greeting, optional tracking button, order lines, totals, delivery facts, footer. */
export function OrderMail({ data, texts, shop, heading, intro, subject, trackingUrl }: OrderMailProps) {
  const lines = addressLines(data.shippingAddress);
  return (
    <html lang={data.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: '#f4f4f6', fontFamily: FONT, color: INK }}>
        <Table style={{ backgroundColor: '#f4f4f6' }}>
          <tr>
            <td align="center" style={{ padding: '24px 12px' }}>
              <table role="presentation" width={600} cellPadding={0} cellSpacing={0} border={0} style={{ width: '100%', maxWidth: 600, borderCollapse: 'collapse', backgroundColor: '#ffffff' }}>
                <tbody>
                  <tr>
                    <td style={{ backgroundColor: BRAND, padding: '20px 24px', color: '#ffffff', fontSize: 22, fontWeight: 700, fontFamily: FONT }}>
                      {shop.name}
                    </td>
                  </tr>
                  <tr>
                    <td style={{ padding: '24px', fontFamily: FONT }}>
                      <h1 style={{ margin: '0 0 12px', fontSize: 24, lineHeight: '30px', color: INK }}>{heading}</h1>
                      <p style={{ margin: '0 0 8px', fontSize: 15, lineHeight: '22px', color: INK }}>{intro}</p>
                      <p style={{ margin: '0 0 20px', fontSize: 14, color: MUTED }}>
                        {texts.orderNumber}: <strong style={{ color: INK }}>{data.orderNumber}</strong>
                      </p>
                      {trackingUrl ? (
                        <table role="presentation" cellPadding={0} cellSpacing={0} border={0} style={{ margin: '0 0 24px' }}>
                          <tbody>
                            <tr>
                              <td style={{ backgroundColor: BRAND, borderRadius: 6 }}>
                                <a
                                  href={trackingUrl}
                                  style={{ display: 'inline-block', padding: '12px 20px', color: '#ffffff', fontWeight: 700, fontSize: 15, textDecoration: 'none' }}
                                >
                                  {texts.trackParcel}
                                </a>
                              </td>
                            </tr>
                          </tbody>
                        </table>
                      ) : null}
                      <Table>
                        <tr>
                          <td style={headCell}>{texts.product}</td>
                          <td style={{ ...headCell, textAlign: 'right', paddingLeft: 12 }}>{texts.quantity}</td>
                          <td style={{ ...headCell, textAlign: 'right', paddingLeft: 12 }}>{texts.unitPrice}</td>
                          <td style={{ ...headCell, textAlign: 'right', paddingLeft: 12 }}>{texts.lineTotal}</td>
                        </tr>
                        {data.lines.map((line, index) => (
                          <tr key={index}>
                            <td style={cell}>
                              <div style={{ fontWeight: 600 }}>{line.name}</div>
                              {line.skuName ? <div style={{ fontSize: 13, color: MUTED }}>{line.skuName}</div> : null}
                            </td>
                            <td style={numberCell}>{line.quantity}</td>
                            <td style={numberCell}>{line.unitPriceFormatted}</td>
                            <td style={numberCell}>{line.totalFormatted}</td>
                          </tr>
                        ))}
                      </Table>
                      <Table style={{ marginTop: 12 }}>
                        <TotalRow label={texts.subtotal} value={data.subtotalFormatted} />
                        <TotalRow label={texts.shipping} value={data.shippingFormatted} />
                        {data.discountFormatted ? <TotalRow label={texts.discount} value={data.discountFormatted} /> : null}
                        <TotalRow label={texts.total} value={data.totalFormatted} strong />
                        <TotalRow label={texts.vatIncluded} value={data.vatFormatted} />
                        {data.giftCardFormatted ? <TotalRow label={texts.giftCard} value={data.giftCardFormatted} /> : null}
                        {data.creditFormatted ? <TotalRow label={texts.credit} value={data.creditFormatted} /> : null}
                        {(data.giftCardFormatted || data.creditFormatted) && data.amountToPayFormatted ? (
                          <TotalRow label={texts.amountToPay} value={data.amountToPayFormatted} />
                        ) : null}
                      </Table>
                      <Table style={{ marginTop: 12 }}>
                        <tr>
                          <Fact label={texts.shippingMethod}>{data.shippingMethod}</Fact>
                          <Fact label={texts.paymentMethod}>{data.paymentMethod}</Fact>
                        </tr>
                        <tr>
                          <Fact label={texts.shippingAddress}>
                            {lines.map((line, index) => (
                              <div key={index}>{line}</div>
                            ))}
                          </Fact>
                          <td />
                        </tr>
                      </Table>
                    </td>
                  </tr>
                  <tr>
                    <td style={{ padding: '16px 24px 24px', borderTop: `1px solid ${RULE}`, fontSize: 13, lineHeight: '20px', color: MUTED, fontFamily: FONT }}>
                      <p style={{ margin: '0 0 8px' }}>
                        {texts.questions(shop.email)}
                      </p>
                      <p style={{ margin: 0 }}>{texts.regards(shop.name)}</p>
                    </td>
                  </tr>
                </tbody>
              </table>
            </td>
          </tr>
        </Table>
      </body>
    </html>
  );
}
