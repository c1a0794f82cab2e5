-- CreateTable
CREATE TABLE "page_view_rollups" (
    "resource_type" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "scope_id" VARCHAR(24) NOT NULL,
    "day" DATE NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "visitors" INTEGER NOT NULL DEFAULT 0,
    "view_slots" INTEGER[],
    "first_slots" INTEGER[],
    "last_slots" INTEGER[],

    CONSTRAINT "page_view_rollups_pkey" PRIMARY KEY ("resource_type","scope","scope_id","day")
);

-- CreateTable
CREATE TABLE "page_view_visitors" (
    "resource_type" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "scope_id" VARCHAR(24) NOT NULL,
    "day" DATE NOT NULL,
    "visitor_hash" TEXT NOT NULL,
    "slots" BIT(96) NOT NULL,

    CONSTRAINT "page_view_visitors_pkey" PRIMARY KEY ("resource_type","scope","scope_id","day","visitor_hash")
);

-- CreateIndex
CREATE INDEX "page_view_visitors_day_idx" ON "page_view_visitors"("day");
