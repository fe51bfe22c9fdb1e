/** Feedback (docs/api.md, "Feedback"): the user's earlier feedback with replies, and sending new. */
import { http, request } from './client';
import { IDEMPOTENCY_HEADER } from '../../contract/insurance.schema';
import { feedbackItemSchema, feedbackListSchema, type FeedbackRequest } from '../../contract/feedback.schema';

/** GET /api/feedback/?before=: newest first, 20 a page from the `next` cursor of the page before, replies in the current language. */
export const getFeedback = (before: string | null = null) =>
  request(feedbackListSchema, () => http.get('api/feedback/', before ? { searchParams: { before } } : {}).json());

/** POST /api/feedback/: `key` is the same for every retry of one send, so it is sent once. */
export const sendFeedback = (body: FeedbackRequest, key: string) =>
  request(feedbackItemSchema, () => http.post('api/feedback/', { json: body, headers: { [IDEMPOTENCY_HEADER]: key } }).json());
