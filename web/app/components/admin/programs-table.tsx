import type { ProgramResponse } from '@fitcoach/contracts';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Form, Link } from '@remix-run/react';
import { SubmitButton } from '~/components/forms/form-actions';

/** docs/product.md §2.11 Programs: Name, Category, Duration, Status and Change (Block if published, else Publish). */
export function ProgramsTable({ programs }: { programs: ProgramResponse[] }) {
  return (
    <>
      <Table aria-label="Programs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {programs.map((program) => (
            <Table.Tr key={program.id}>
              <Table.Td>
                <Anchor component={Link} to={`/programDetails/${program.id}`}>
                  {program.program_name}
                </Anchor>
              </Table.Td>
              <Table.Td>{program.category}</Table.Td>
              <Table.Td>{program.duration} days</Table.Td>
              <Table.Td>
                <Badge color={program.is_published ? 'green' : 'gray'} variant="light">
                  {program.is_published ? 'Published' : 'Not published'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="id" value={program.id} />
                  <SubmitButton size="xs" color={program.is_published ? 'red' : undefined}>
                    {program.is_published ? 'Block' : 'Publish'}
                  </SubmitButton>
                </Form>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {programs.length === 0 ? <Text c="dimmed">No programmes.</Text> : null}
    </>
  );
}
