-- Creator profile: rates and brands worked with, edited in the UI and rendered by the templates.
ALTER TABLE "creators" ADD COLUMN "rates" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN "brands" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Link-in-bio: outbound clicks per block, counted through /l/<slug>/go/<block id>.
ALTER TABLE "link_in_bio_blocks" ADD COLUMN "clicks" INTEGER NOT NULL DEFAULT 0;
