-- CreateEnum
CREATE TYPE "MemberRole" AS ENUM ('owner', 'admin', 'member', 'viewer');

-- CreateTable
CREATE TABLE "agency_members" (
    "agency_id" VARCHAR(24) NOT NULL,
    "user_id" VARCHAR(24) NOT NULL,
    "role" "MemberRole" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "agency_members_pkey" PRIMARY KEY ("agency_id","user_id")
);

-- CreateTable
CREATE TABLE "agency_invitations" (
    "id" VARCHAR(24) NOT NULL,
    "agency_id" VARCHAR(24) NOT NULL,
    "email" TEXT NOT NULL,
    "role" "MemberRole" NOT NULL,
    "token_hash" VARCHAR(64) NOT NULL,
    "invited_by_user_id" VARCHAR(24),
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "agency_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agency_members_user_id_idx" ON "agency_members"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "agency_invitations_token_hash_key" ON "agency_invitations"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "agency_invitations_agency_id_email_key" ON "agency_invitations"("agency_id", "email");

-- AddForeignKey
ALTER TABLE "agency_members" ADD CONSTRAINT "agency_members_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agency_members" ADD CONSTRAINT "agency_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agency_invitations" ADD CONSTRAINT "agency_invitations_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agency_invitations" ADD CONSTRAINT "agency_invitations_invited_by_user_id_fkey" FOREIGN KEY ("invited_by_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Today's owners become their agencies' first members, role owner.
INSERT INTO "agency_members" ("agency_id", "user_id", "role", "created_at", "updated_at")
SELECT "id", "owner_user_id", 'owner', "created_at", CURRENT_TIMESTAMP FROM "agencies"
ON CONFLICT DO NOTHING;

-- Every new agency's owner is a member from the start, whichever code path creates the agency.
CREATE OR REPLACE FUNCTION agency_owner_membership() RETURNS trigger AS $$
BEGIN
  INSERT INTO "agency_members" ("agency_id", "user_id", "role", "created_at", "updated_at")
  VALUES (NEW."id", NEW."owner_user_id", 'owner', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)
  ON CONFLICT ("agency_id", "user_id") DO UPDATE SET "role" = 'owner', "updated_at" = CURRENT_TIMESTAMP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER agencies_owner_membership AFTER INSERT ON "agencies" FOR EACH ROW EXECUTE FUNCTION agency_owner_membership();
