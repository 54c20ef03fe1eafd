import type { ProgramResponse } from '@fitcoach/contracts';
import { Alert, Anchor, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Form, Link, useLocation, useNavigation } from '@remix-run/react';
import { INTENTS, viewSearch } from '~/utils/dashboard';
import { useFormatMoney } from '~/utils/locale';

function PublishButton({ program }: { program: ProgramResponse }) {
  const navigation = useNavigation();
  const sending =
    navigation.formData?.get('intent') === INTENTS.requestPublication &&
    navigation.formData.get('program') === String(program.id);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={INTENTS.requestPublication} />
      <input type="hidden" name="program" value={program.id} />
      <Button type="submit" size="xs" loading={sending} aria-label={`publish ${program.program_name}`}>
        publish
      </Button>
    </Form>
  );
}

/** docs/product.md §2.8 Programmes view; "Requested" replaces Publish while a superuser has yet to decide. */
export function ProgramsTable({ programs }: { programs: ProgramResponse[] | null }) {
  const { pathname } = useLocation();
  const link = (search: string) => pathname + search;
  const formatMoney = useFormatMoney();
  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={2}>Programmes</Title>
        <Button component={Link} to={link(viewSearch({ name: 'create' }))}>
          Add Programme
        </Button>
      </Group>
      {programs === null ? (
        <Alert color="red">Sorry Something went wrong</Alert>
      ) : programs.length === 0 ? (
        <Text c="dimmed">You have no programmes yet. Press "Add Programme" to create your first.</Text>
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Subscribers</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Edit</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {programs.map((program) => (
                <Table.Tr key={program.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={link(viewSearch({ name: 'lessons', programId: program.id, lesson: null }))}
                      fw={600}
                    >
                      {program.program_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{program.category}</Table.Td>
                  <Table.Td>{program.duration} Days</Table.Td>
                  <Table.Td>{formatMoney(program.price, program.currency)}</Table.Td>
                  <Table.Td>{program.subscribers ?? 0}</Table.Td>
                  <Table.Td>
                    {program.is_published ? (
                      <Text c="green.8" fw={700} size="sm">
                        Published
                      </Text>
                    ) : program.publish_requested ? (
                      <Text c="dimmed" fw={700} size="sm">
                        Requested
                      </Text>
                    ) : (
                      <Stack gap={4} align="flex-start">
                        {program.rejection_reason ? (
                          <Text size="sm" c="red.8">
                            <Text span fw={700} inherit>
                              Not approved:{' '}
                            </Text>
                            {program.rejection_reason}
                          </Text>
                        ) : null}
                        <PublishButton program={program} />
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={link(viewSearch({ name: 'edit', programId: program.id }))}
                      aria-label={`Edit ${program.program_name}`}
                    >
                      Edit
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
