/**
 * The Spine Labels screen's flow: the choice of copies (`labelsReducer`), the label sheet (Book
 * Settings' choice once read, or another chosen here), loading the copies for a preview (latest
 * choice wins), and the labels laid out sheet by sheet.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { labelSheet, type LabelSheet } from '#shared/copies';
import { todayIn } from '#shared/dates';
import { loadBarcodes } from '../../components/barcode/Code128';
import { libraryName } from '../../lib/branding';
import { errorMessage } from '../../lib/errors';
import { LABELS_MESSAGES, copyQuery, initialLabelsState, labelsReducer, layoutSheets, spineLabel } from '../../lib/labels';
import { fetchLabelCopies, fetchLabelSheet } from '../../lib/labels-api';
import { $librarySettings } from '../../stores/library-settings';

export function useSpineLabels() {
  const settings = useStore($librarySettings);
  const [state, dispatch] = useReducer(labelsReducer, initialLabelsState);
  const [sheet, setSheet] = useState<LabelSheet>(() => labelSheet(null));
  // A sheet chosen here before Book Settings has answered is kept.
  const sheetChosen = useRef(false);

  useEffect(() => {
    void loadBarcodes().catch(() => undefined);
    let live = true;
    // Without view_librarysettings the settings call is refused: the default sheet stays, and can be changed here.
    fetchLabelSheet().then(
      (chosen) => live && !sheetChosen.current && setSheet(chosen),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (state.phase !== 'loading') return;
    let live = true;
    fetchLabelCopies(copyQuery(state.selection)).then(
      ({ copies, count, shelves }) => live && dispatch({ type: 'loaded', copies, count, shelves }),
      (failure: unknown) => live && dispatch({ type: 'failed', message: errorMessage(failure, ['detail', 'transport'], LABELS_MESSAGES.loadFailed) }),
    );
    return () => {
      live = false;
    };
  }, [state.phase, state.selection]);

  const library = libraryName(settings);
  const labels = useMemo(() => state.copies.map((copy) => spineLabel(copy, library, sheet, state.shelves)), [state.copies, library, sheet, state.shelves]);
  const pages = useMemo(() => layoutSheets(sheet, labels, state.start), [sheet, labels, state.start]);

  return {
    state,
    dispatch,
    sheet,
    chooseSheet: (id: string) => {
      sheetChosen.current = true;
      setSheet(labelSheet(id));
    },
    labels,
    pages,
    preview: () => dispatch({ type: 'preview', today: todayIn(settings?.timezone) }),
  };
}
