import {
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRouteId } from '../../../lib/edit-route';
import { UNIT_STATUSES, type UnitStatus } from '../../../../shared/constants';
import {
  createUnitBodySchema,
  UNIT_LIMITS,
  type CreateUnitBody,
  type Unit,
} from '../../../../shared/schemas/units';
import { FormCard } from '../../../components/form-card';
import { ListingFields } from '../../../components/listing-fields';
import { HistoryPanel } from '../../../components/history-panel';
import { PageHeader } from '../../../components/page-header';
import { NotFoundState } from '../../../components/page-states';
import { MoneyInput } from '../../../components/money-input';
import { StatusBanner } from '../../../components/status-banner';
import { useEntityForm } from '../../../components/use-entity-form';
import { toMoney, toNumber } from '../../../lib/form-values';
import { NoPropertiesNotice, PropertyPicker, useHasProperties } from '../../properties';
import { useUnit } from '../api/get-units';
import { expandUnitNumbers, UNIT_PATTERN_HELP } from '../../../../shared/unit-numbers';
import { useSaveUnit, useSaveUnits, type SaveUnitsInput } from '../api/save-unit';
import { usePrefillId } from '../../../lib/prefill-param';
import { RequireWrite } from '../../auth';

interface UnitFormState {
  unitNumber: string;
  propertyId: string;
  description: string;
  imageUrl: string;
  bedrooms: number | string;
  bathrooms: number | string;
  squareFeet: number | string;
  rent: number | string;
  status: UnitStatus;
}

const emptyUnitForm: UnitFormState = {
  unitNumber: '',
  propertyId: '',
  description: '',
  imageUrl: '',
  bedrooms: 0,
  bathrooms: 0,
  squareFeet: 0,
  rent: 0,
  status: 'Available',
};

/** docs/product.md section 5: numeric inputs become numbers, an invalid entry 0; money as the money field read it. */
function toUnitBody(values: UnitFormState) {
  return {
    unitNumber: values.unitNumber,
    propertyId: toNumber(values.propertyId),
    description: values.description,
    imageUrl: values.imageUrl,
    bedrooms: toNumber(values.bedrooms),
    bathrooms: toNumber(values.bathrooms),
    squareFeet: toNumber(values.squareFeet),
    rent: toMoney(values.rent),
    status: values.status,
  };
}

function toFormState(unit: Unit): UnitFormState {
  return {
    unitNumber: unit.unitNumber,
    propertyId: String(unit.propertyId),
    description: unit.description ?? '',
    imageUrl: unit.imageUrl ?? '',
    bedrooms: unit.bedrooms,
    bathrooms: unit.bathrooms,
    squareFeet: unit.squareFeet,
    rent: unit.rent,
    status: unit.status,
  };
}

const validateUnit = schemaResolver(createUnitBodySchema, { sync: true });

/** 'Add several units': the numbers a pattern names, or why it names none. */
function expandPattern(pattern: string) {
  return expandUnitNumbers(pattern, UNIT_LIMITS.unitNumber);
}

/** '12 units: 101, 102, 103 … 112' under the pattern, so the landlord sees what will be made. */
function previewOf(numbers: string[]): string {
  const shown =
    numbers.length <= 8
      ? numbers.join(', ')
      : `${numbers.slice(0, 6).join(', ')} … ${numbers[numbers.length - 1]}`;
  return `${numbers.length} ${numbers.length === 1 ? 'unit' : 'units'}: ${shown}`;
}

/** /unit/create and /unit/{id}: the unit form; with an id it loads that unit for editing. */
export function UnitFormPage() {
  return (
    <RequireWrite
      area="units"
      doing="add or edit units"
      title="Units"
      back={{ to: '/units', label: 'Back to units' }}
    >
      <UnitForm />
    </RequireWrite>
  );
}

function UnitForm() {
  const unitId = useRouteId();
  const isEdit = unitId !== undefined;
  const prefillPropertyId = usePrefillId('propertyId');
  const navigate = useNavigate();
  const properties = useHasProperties();
  const unit = useUnit(unitId);
  const save = useSaveUnit();
  const saveSeveral = useSaveUnits();
  const [several, setSeveral] = useState(false);
  const addsSeveral = several && !isEdit;
  const { form, onSubmit, busy, notFound, banner, clearBanner } = useEntityForm({
    // 'Add unit here' on a property's page opens this form with that property chosen.
    initialValues: { ...emptyUnitForm, propertyId: isEdit ? '' : prefillPropertyId },
    validate: (values: UnitFormState) => {
      if (!addsSeveral) return validateUnit(toUnitBody(values));
      const expanded = expandPattern(values.unitNumber);
      const first = 'numbers' in expanded ? expanded.numbers[0]! : 'x';
      const errors = validateUnit(toUnitBody({ ...values, unitNumber: first }));
      return 'error' in expanded ? { ...errors, unitNumber: expanded.error } : errors;
    },
    record: { query: unit, label: 'unit', toValues: toFormState },
    toBody: (values): CreateUnitBody | SaveUnitsInput => {
      if (!addsSeveral) return createUnitBodySchema.parse(toUnitBody(values));
      const { unitNumber, ...layout } = toUnitBody(values);
      // Validated above: the rent is an amount by now.
      return { ...layout, rent: Number(layout.rent), unitNumbers: unitNumber };
    },
    save: (body): Promise<Unit | Unit[]> =>
      'unitNumbers' in body
        ? saveSeveral.mutateAsync(body)
        : save.mutateAsync({ id: unitId, body }),
    onSaved: (saved) => {
      if (Array.isArray(saved)) {
        const message = `${saved.length} units added successfully!`;
        return { then: 'reset', message, values: emptyUnitForm };
      }
      return isEdit
        ? { then: 'return', to: '/unit/create', message: 'Unit updated successfully!' }
        : { then: 'reset', message: 'Unit added successfully!', values: emptyUnitForm };
    },
    failed: addsSeveral ? 'Failed to save units' : 'Failed to save unit',
    serverFields: { unitNumbers: 'unitNumber' },
  });
  const expanded = addsSeveral ? expandPattern(form.values.unitNumber) : null;

  const noProperties = properties.data === false;

  if (notFound) {
    return (
      <>
        <PageHeader title="Units" />
        <NotFoundState
          noun="Unit"
          back={{ to: '/units', label: 'Back to units' }}
          create={{ to: '/unit/create', label: 'Create a unit' }}
        />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader title="Units" description="Each unit belongs to one of your properties." />
      <StatusBanner banner={banner} onClose={clearBanner} />
      <NoPropertiesNotice properties={properties} />
      <FormCard
        noun="Unit"
        isEdit={isEdit}
        isSaving={busy}
        onSubmit={onSubmit}
        onCancel={() => void navigate('/unit/create')}
        listLink={{ to: '/units', label: 'View all units' }}
        submitDisabled={noProperties || (isEdit && unit.isPending)}
      >
        <Stack gap="sm">
          {isEdit ? null : (
            <Switch
              label="Add several units at once"
              description="Same layout and price for each, numbered from a pattern"
              checked={several}
              onChange={(event) => {
                setSeveral(event.currentTarget.checked);
                form.clearFieldError('unitNumber');
              }}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {addsSeveral ? (
              <Stack gap={4}>
                <TextInput
                  label="Unit numbers"
                  description={UNIT_PATTERN_HELP}
                  required
                  maxLength={1_000}
                  {...form.getInputProps('unitNumber')}
                />
                {/* What the pattern names, or at once why it names nothing (before any save). */}
                <Text
                  size="sm"
                  c={expanded && 'error' in expanded ? 'error' : 'dimmed'}
                  aria-live="polite"
                  data-testid="unit-numbers-preview"
                >
                  {!expanded || !form.values.unitNumber.trim()
                    ? ''
                    : 'numbers' in expanded
                      ? previewOf(expanded.numbers)
                      : form.errors.unitNumber
                        ? ''
                        : expanded.error}
                </Text>
              </Stack>
            ) : (
              <TextInput
                label="Unit number"
                required
                maxLength={UNIT_LIMITS.unitNumber}
                {...form.getInputProps('unitNumber')}
              />
            )}
            <PropertyPicker
              value={form.values.propertyId}
              onChange={(propertyId) => form.setFieldValue('propertyId', propertyId)}
              error={form.errors.propertyId}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <NumberInput
              label="Bedrooms"
              required
              min={0}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('bedrooms')}
            />
            <NumberInput
              label="Bathrooms"
              required
              min={0}
              step={0.5}
              decimalScale={1}
              allowNegative={false}
              {...form.getInputProps('bathrooms')}
            />
            <NumberInput
              label="Square feet"
              required
              min={0}
              step={0.01}
              decimalScale={2}
              allowNegative={false}
              {...form.getInputProps('squareFeet')}
            />
            <MoneyInput label="Rent" required {...form.getInputProps('rent')} />
          </SimpleGrid>
          <NativeSelect
            label="Status"
            required
            data={[...UNIT_STATUSES]}
            {...form.getInputProps('status')}
          />
          <ListingFields
            description={form.getInputProps('description')}
            imageUrl={form.getInputProps('imageUrl')}
          />
        </Stack>
      </FormCard>
      {unitId !== undefined ? <HistoryPanel resource="units" id={unitId} /> : null}
    </Stack>
  );
}
