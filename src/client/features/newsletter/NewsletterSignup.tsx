import { lazy } from 'react';
import type { LanguageId } from '../../../shared/locales';
import { OptionalChunk } from '../../components/ChunkBoundary';

const NewsletterForm = lazy(() => import('./NewsletterForm'));

/**
 * The footer's newsletter sign-up (the 30 % promise). Rendered by the server like the rest of the footer; its code
 * comes as its own chunk, and the form hydrates when it has arrived.
 */
export function NewsletterSignup({ languageId }: { languageId: LanguageId }) {
  return (
    <OptionalChunk>
      <NewsletterForm languageId={languageId} />
    </OptionalChunk>
  );
}
