import { findSponsorshipMatches } from '../../services/sponsorships';
import { listSponsorshipMatchesContract } from './list.schema';
import { sponsorshipsSection } from '../sections';

export const listSponsorshipMatches = sponsorshipsSection.operation('GET /sponsorship-matches', listSponsorshipMatchesContract, {
  summary: 'Best sponsorship opportunities for you or your roster',
  description: [
    'Scores every active sponsorship opportunity against the key’s creator (creator keys) or each roster creator (agency keys) and returns the best `limit` (opportunity, creator) pairs, best first.',
    'Score (0–100): platforms 30 (share of the wanted platforms the creator is on; on none of them = no match), audience 25 (followers on those platforms inside the wanted range; falling to 0 an order of magnitude outside it; 0 until measured), tags 25 (share of the opportunity’s tags the creator has), country 10, languages 10. A criterion the opportunity leaves open earns half. Ties: larger budget first, then opportunity id, then creator id; the same data always gives the same order.',
    'Needs a plan that includes sponsorship matches (pro or scale; 403 `plan-required` otherwise) besides the `sponsorships:read` scope. Counted in the `sponsorship` rate-limit bucket (60 requests a minute per key), shared with the tool-protocol interface.',
  ].join('\n\n'),
  planFeature: 'sponsorshipMatches',
  rateLimit: 'sponsorship',
}).query(async ({ ctx, input }) => {
  const result = await findSponsorshipMatches(ctx.app.db, ctx.owner, input.limit);
  return {
    data: result.matches,
    meta: { limit: input.limit, creators_considered: result.creatorsConsidered, opportunities_considered: result.opportunitiesConsidered },
  };
});
