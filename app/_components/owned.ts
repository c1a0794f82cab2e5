import { notFound } from 'next/navigation';
import { ApiError } from '@/server/domain/errors';

/** Loads a resource through its service; "not found" (which includes someone else's) becomes the 404 page. */
export async function ownedOr404<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.slug === 'not-found') notFound();
    throw error;
  }
}
