import { notFound } from 'next/navigation';
import { ApiError } from '@/server/http/problems';

/** Loads a resource through its service; "not found" (which includes someone else's) becomes the 404 page. */
export async function ownedOr404<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}
