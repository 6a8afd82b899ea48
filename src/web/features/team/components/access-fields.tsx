import { Checkbox, MultiSelect, Select, Stack } from '@mantine/core';
import { MEMBER_ROLES, type MemberRole } from '../../../../shared/constants';
import type { Property } from '../../../../shared/schemas/properties';

/** A member's or invitee's access: a role, and every property or only some. */
export interface Access {
  role: MemberRole | '';
  allProperties: boolean;
  propertyIds: string[];
}

export const ROLE_OPTIONS = MEMBER_ROLES.map((role) => ({ value: role, label: role }));

export const isMemberRole = (value: string | null): value is MemberRole =>
  (MEMBER_ROLES as readonly (string | null)[]).includes(value);

/** The body's `propertyIds`: null for every property. */
export const propertyIdsOf = (access: Access): number[] | null =>
  access.allProperties ? null : access.propertyIds.map(Number);

/** 'All', or the names of the properties (a property the caller cannot see reads '#id'). */
export function propertiesLabel(ids: number[] | null, properties: Property[] | undefined): string {
  if (ids === null) return 'All';
  if (ids.length === 0) return 'None';
  const names = new Map(properties?.map((property) => [property.id, property.name]));
  return ids.map((id) => names.get(id) ?? `#${id}`).join(', ');
}

export function AccessFields({
  value,
  onChange,
  properties,
  errors,
}: {
  value: Access;
  onChange(next: Access): void;
  properties: Property[] | undefined;
  errors?: { role?: string | undefined; propertyIds?: string | undefined };
}) {
  return (
    <Stack gap="sm">
      <Select
        label="Role"
        required
        placeholder="Choose a role"
        data={ROLE_OPTIONS}
        value={value.role || null}
        onChange={(role) => onChange({ ...value, role: isMemberRole(role) ? role : '' })}
        allowDeselect={false}
        error={errors?.role}
      />
      <Checkbox
        label="All properties"
        description="Including properties added later"
        checked={value.allProperties}
        onChange={(event) => onChange({ ...value, allProperties: event.currentTarget.checked })}
      />
      {value.allProperties ? null : (
        <MultiSelect
          label="Properties"
          placeholder={value.propertyIds.length ? undefined : 'Choose properties'}
          data={(properties ?? []).map((property) => ({
            value: String(property.id),
            label: property.name,
          }))}
          value={value.propertyIds}
          onChange={(propertyIds) => onChange({ ...value, propertyIds })}
          searchable
          nothingFoundMessage="No property matches"
          error={errors?.propertyIds}
        />
      )}
    </Stack>
  );
}
