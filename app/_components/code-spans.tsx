import { Fragment } from 'react';

/**
 * Text written with Markdown-style `code` spans (the event catalogue, API descriptions) as people
 * should read it: each backticked span a <code>, no backticks shown. Usable on server and client.
 */
export function CodeSpans({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return (
    <>
      {parts.map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : <Fragment key={index}>{part}</Fragment>))}
    </>
  );
}
