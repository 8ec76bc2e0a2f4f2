import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, Checkbox, FormControlLabel, IconButton, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blankValue, type AttributeDefinitions } from '../attribute-definitions';
import { AddAttributeDialog } from './add-attribute-dialog';
import { UnitNumberField } from './unit-number-field';

type Attributes = Record<string, unknown>;

export interface AttributesEditorProps {
  attributes: Attributes;
  setAttributes(attributes: Attributes): void;
  definitions: AttributeDefinitions;
}

/** Free attributes: one typed field per key, speed and distance keys in the user's units, add and remove. */
export const AttributesEditor = ({ attributes, setAttributes, definitions }: AttributesEditorProps) => {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const set = (key: string, value: unknown) => setAttributes({ ...attributes, [key]: value });
  const remove = (key: string) => setAttributes(Object.fromEntries(Object.entries(attributes).filter(([name]) => name !== key)));

  return (
    <>
      {Object.entries(attributes).map(([key, value]) => {
        const definition = definitions[key];
        const label = definition ? t(definition.label) : key;
        const removeButton = (
          <IconButton aria-label={`${t('sharedRemove')}: ${label}`} onClick={() => remove(key)}>
            <DeleteIcon />
          </IconButton>
        );
        if (typeof value === 'boolean') {
          return (
            <Stack key={key} direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <FormControlLabel control={<Checkbox checked={value} onChange={(event) => set(key, event.target.checked)} />} label={label} />
              {removeButton}
            </Stack>
          );
        }
        return (
          <Stack key={key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {typeof value === 'number' ? (
              <UnitNumberField fullWidth label={label} value={value} subtype={definition?.subtype} onChange={(number) => set(key, number)} />
            ) : (
              <TextField fullWidth label={label} value={String(value ?? '')} onChange={(event) => set(key, event.target.value)} />
            )}
            {removeButton}
          </Stack>
        );
      })}
      <Button startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('sharedAdd')}
      </Button>
      <AddAttributeDialog
        open={adding}
        definitions={definitions}
        onClose={(added) => {
          setAdding(false);
          if (added && !(added.key in attributes)) set(added.key, blankValue(added.type));
        }}
      />
    </>
  );
};
