/** The answers to a change of an application that can no longer change (paid) or is not complete yet (the purchase and its payment). */
import { errorKeys } from '../../contract/error.schema';
import { errorBody, HttpError } from '../http/errors';

export const applicationClosed = () => new HttpError(409, errorBody(errorKeys.applicationClosed));
export const applicationIncomplete = () => new HttpError(409, errorBody(errorKeys.applicationIncomplete));
