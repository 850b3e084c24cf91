-- A live page's pending edit. Saving a published content page writes here instead of over what shoppers see;
-- publishing moves it into content_page_translations and content_widgets and deletes it. One row per page:
-- - translations: [{"language_id", "alias", "title", "description"}], one per language;
-- - widgets: [{"kind", "settings", "texts"}] in the page's order, as content_widgets holds them.
-- The content module's store checks both shapes on the way in and out (as for content_widgets).
-- Not versioned (0022): only previews read it, and they are never catalog reads (POST, private, no-store); the
-- publish that shoppers see writes the versioned tables.
CREATE TABLE content_page_drafts (
  page_id      integer     PRIMARY KEY REFERENCES content_pages (page_id) ON DELETE CASCADE,
  translations jsonb       NOT NULL,
  widgets      jsonb       NOT NULL,
  saved_at     timestamptz NOT NULL DEFAULT now()
);
