import { channels } from '../../shared/locales';
import { useShop } from '../lib/shop-context';

export interface Alternate {
  languageId: string;
  canonicalUrl: string;
}

/** Title, description, canonical and hreflang links; React hoists these into <head>. */
export function Head({ title, description, canonical, alternates }: { title: string; description?: string; canonical?: string; alternates?: readonly Alternate[] }) {
  const { origin } = useShop();
  return (
    <>
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
      {canonical && <link rel="canonical" href={`${origin}${canonical}`} />}
      {alternates?.map((a) => (
        <link key={a.languageId} rel="alternate" hrefLang={channels[a.languageId as 'sv' | 'en']?.iso ?? a.languageId} href={`${origin}${a.canonicalUrl}`} />
      ))}
    </>
  );
}
