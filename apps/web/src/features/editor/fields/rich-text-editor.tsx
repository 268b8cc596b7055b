import '@mantine/tiptap/styles.layer.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Modal } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { IconMovie, IconPhoto, IconTextDirectionLtr, IconTextDirectionRtl } from '@tabler/icons-react';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import type { MediaType } from '@streethunt/shared';
import { echoGuard } from './echo-guard.ts';
import { MediaLibrary } from './media-library.tsx';
import { BlockDirection, ImageBlock, VideoBlock, blockDirectionAt, type TextDirection } from './rich-text-extensions.ts';

export type RichTextEditorProps = {
  value: string;
  onChange(html: string): void;
  dir: TextDirection;
  /** Ids that tie the editable area to the field's label and error (rich-text-field.tsx). */
  fieldId: string;
  labelId: string;
  errorId?: string;
};

const EXTENSIONS = [StarterKit.configure({ link: false, heading: { levels: [2, 3] } }), Link, BlockDirection, ImageBlock, VideoBlock];

/** The editor's HTML, or '' when nothing is written (not '<p></p>'). */
function editorHtml(editor: Pick<Editor, 'isEmpty' | 'getHTML'>): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * The rich-text editor itself (Tiptap through Mantine), loaded lazily by RichTextField: Tiptap and
 * ProseMirror are a large download the rest of the editor route does not wait for.
 */
export default function RichTextEditorInner({ value, onChange, dir, fieldId, labelId, errorId }: RichTextEditorProps) {
  const { t } = useTranslation('studio');
  const [inserting, setInserting] = useState<MediaType | null>(null);
  // What this editor sent out: the same value coming back in, even late, must not reset the content (and the caret).
  const [echoes] = useState(() => echoGuard(value));
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The editable area is the field's textbox: named by its label, marked invalid with its error.
  const editorProps = useMemo(
    () => ({
      attributes: {
        id: fieldId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-invalid': String(Boolean(errorId)),
        ...(errorId ? { 'aria-describedby': errorId } : {}),
        dir,
        'data-testid': 'rich-text-editable',
      },
    }),
    [fieldId, labelId, errorId, dir],
  );
  const [initialContent] = useState(value);
  // useEditor hands changed options (here editorProps) to the live editor on the next render.
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    editorProps,
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => {
      const html = editorHtml(current);
      echoes.sent(html);
      onChangeRef.current(html);
    },
  });

  // A new value from outside (another question selected, a reload from the device): show it.
  useEffect(() => {
    if (echoes.isEcho(value)) return;
    echoes.adopt(value);
    if (value !== editorHtml(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value, echoes]);

  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('fields.richText.bold'),
      italicControlLabel: t('fields.richText.italic'),
      underlineControlLabel: t('fields.richText.underline'),
      strikeControlLabel: t('fields.richText.strike'),
      clearFormattingControlLabel: t('fields.richText.clearFormatting'),
      h2ControlLabel: t('fields.richText.h2'),
      h3ControlLabel: t('fields.richText.h3'),
      bulletListControlLabel: t('fields.richText.bulletList'),
      orderedListControlLabel: t('fields.richText.orderedList'),
      linkControlLabel: t('fields.richText.link'),
      unlinkControlLabel: t('fields.richText.unlink'),
      blockquoteControlLabel: t('fields.richText.blockquote'),
      undoControlLabel: t('fields.richText.undo'),
      redoControlLabel: t('fields.richText.redo'),
      linkEditorInputLabel: t('fields.richText.linkInput'),
      linkEditorInputPlaceholder: t('fields.richText.linkPlaceholder'),
      linkEditorExternalLink: t('fields.richText.linkNewTab'),
      linkEditorInternalLink: t('fields.richText.linkSameTab'),
      linkEditorSave: t('fields.richText.linkSave'),
    }),
    [t],
  );

  const direction = blockDirectionAt(editor);
  const toggleDirection = (next: TextDirection) => {
    const chain = editor.chain().focus();
    if (direction === next) chain.unsetTextDirection().run();
    else chain.setTextDirection(next).run();
  };

  const insert = (type: MediaType, src: string) => {
    setInserting(null);
    editor.chain().focus().insertContent({ type, attrs: { src } }).run();
  };

  return (
    <>
      <RichTextEditor editor={editor} labels={labels} data-testid="rich-text-editor">
        <RichTextEditor.Toolbar role="group" aria-label={t('fields.richText.toolbar')}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Control
              onClick={() => toggleDirection('rtl')}
              active={direction === 'rtl'}
              aria-label={t('fields.richText.rtl')}
              title={t('fields.richText.rtl')}
            >
              <IconTextDirectionRtl size={16} stroke={1.5} aria-hidden />
            </RichTextEditor.Control>
            <RichTextEditor.Control
              onClick={() => toggleDirection('ltr')}
              active={direction === 'ltr'}
              aria-label={t('fields.richText.ltr')}
              title={t('fields.richText.ltr')}
            >
              <IconTextDirectionLtr size={16} stroke={1.5} aria-hidden />
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Control onClick={() => setInserting('image')} aria-label={t('fields.richText.insertImage')} title={t('fields.richText.insertImage')}>
              <IconPhoto size={16} stroke={1.5} aria-hidden />
            </RichTextEditor.Control>
            <RichTextEditor.Control onClick={() => setInserting('video')} aria-label={t('fields.richText.insertVideo')} title={t('fields.richText.insertVideo')}>
              <IconMovie size={16} stroke={1.5} aria-hidden />
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={140} />
      </RichTextEditor>
      <Modal
        opened={inserting !== null}
        onClose={() => setInserting(null)}
        title={t(inserting === 'video' ? 'fields.richText.insertVideo' : 'fields.richText.insertImage')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('studio.close') }}
      >
        {inserting && <MediaLibrary type={inserting} onPick={(resource) => insert(inserting, resource.secure_url)} />}
      </Modal>
    </>
  );
}
