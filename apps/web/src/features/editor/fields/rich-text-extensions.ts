import { Extension, Node, mergeAttributes } from '@tiptap/react';

export type TextDirection = 'rtl' | 'ltr';

/** The blocks a creator may turn to the other direction (a Hebrew game quoting an English sign). */
const DIRECTED_BLOCKS = ['paragraph', 'heading', 'blockquote', 'bulletList', 'orderedList', 'listItem'];

/**
 * A `dir` attribute on blocks, kept only when set: a paragraph without one follows the text around
 * it. Tiptap's own setTextDirection / unsetTextDirection commands write and clear it; its built-in
 * TextDirection extension would instead stamp a `dir` on every node.
 */
export const BlockDirection = Extension.create({
  name: 'blockDirection',
  addGlobalAttributes() {
    return [
      {
        types: DIRECTED_BLOCKS,
        attributes: {
          dir: {
            default: null,
            parseHTML: (element) => {
              const dir = element.getAttribute('dir');
              return dir === 'rtl' || dir === 'ltr' || dir === 'auto' ? dir : null;
            },
            renderHTML: (attributes) => (attributes.dir ? { dir: attributes.dir as string } : {}),
          },
        },
      },
    ];
  },
});

/** The direction set on the block at the selection, if any. */
export function blockDirectionAt(editor: { isActive(name: string, attributes?: Record<string, unknown>): boolean }): TextDirection | null {
  for (const dir of ['rtl', 'ltr'] as const) {
    if (DIRECTED_BLOCKS.some((block) => editor.isActive(block, { dir }))) return dir;
  }
  return null;
}

/** An image from the media library, a block of its own (the player shows it the width of the text). */
export const ImageBlock = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});

const videoSource = (element: HTMLElement) => element.getAttribute('src') ?? element.querySelector('source[src]')?.getAttribute('src') ?? null;

/** A video from the media library; also keeps the videos of content written before the editor had them. */
export const VideoBlock = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null, parseHTML: videoSource },
    };
  },
  parseHTML() {
    return [{ tag: 'video', getAttrs: (element) => (videoSource(element) ? null : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['video', mergeAttributes(HTMLAttributes, { controls: 'true' })];
  },
});
