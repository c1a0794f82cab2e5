-- AlterTable
ALTER TABLE "link_in_bio_pages" ADD COLUMN     "accent_color" TEXT,
ADD COLUMN     "background_color" TEXT,
ADD COLUMN     "button_style" TEXT NOT NULL DEFAULT 'rounded',
ADD COLUMN     "picture_url" TEXT;
