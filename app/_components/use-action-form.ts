'use client';

import { startTransition, useActionState, type FormEvent } from 'react';

/**
 * useActionState plus an onSubmit that runs the action without React's automatic form reset, so
 * controlled radios and checkboxes keep showing what the user chose when the server answers with
 * errors. Without JavaScript the form's `action` still posts normally.
 */
export function useActionForm<State>(action: (state: Awaited<State>, formData: FormData) => State | Promise<State>, initial: Awaited<State>) {
  const [state, formAction, pending] = useActionState(action, initial);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    startTransition(() => formAction(formData));
  };
  return { state, formAction, pending, onSubmit };
}
