import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface FormSectionProps {
  title: string;
  children: ReactNode;
  defaultExpanded?: boolean;
}

/** One collapsible section of an edit form (Required, Extra, Attributes, Connections). */
export const FormSection = ({ title, children, defaultExpanded = false }: FormSectionProps) => (
  <Accordion defaultExpanded={defaultExpanded} disableGutters>
    <AccordionSummary expandIcon={<ExpandMoreIcon />}>
      <Typography variant="subtitle1">{title}</Typography>
    </AccordionSummary>
    <AccordionDetails sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>{children}</AccordionDetails>
  </Accordion>
);
