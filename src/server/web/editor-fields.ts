/** How an editor page describes its form (plain data: the client form component renders it). */
export interface EditorField {
  /** The API field name; `parent.child` for a nested one (e.g. `cpm.instagram`). */
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'email' | 'url' | 'select' | 'color' | 'number' | 'datetime' | 'tags' | 'checklist';
  options?: readonly { value: string; label: string }[];
  hint?: string;
  required?: boolean;
  maxLength?: number;
  /** An empty input stores null (clears the field). */
  nullable?: boolean;
  wide?: boolean;
}

export type EditorValues = Record<string, string>;
