import { describe, expect, it } from 'vitest';
import { mockApi, problem } from '../../test/http.ts';
import type { Reply } from '../../test/http.ts';
import { apiClient } from './api-client.ts';
import { problemMessage } from './api-errors.ts';
import type { ProblemSubject } from './api-errors.ts';
import { applyProblem, catalogueError } from './form-errors.ts';
import type { FormErrorMap } from './form-errors.ts';

async function failureFor(reply: Reply): Promise<unknown> {
  mockApi({ 'PUT /api/things/1': reply });
  try {
    await apiClient.put('/things/1', {});
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

async function apply(reply: Reply, subject?: ProblemSubject) {
  let errors: FormErrorMap = {};
  const outcome = applyProblem({ setErrors: (next) => (errors = next) }, await failureFor(reply), {
    fallback: 'customers.saveFailed',
    subject,
  });
  return { outcome, errors };
}

describe('applyProblem: one way a form takes a problem+json answer', () => {
  it('puts a 400 errors[] on the fields, by form path', async () => {
    const { outcome, errors } = await apply({
      status: 400,
      body: {
        ...problem(400, 'validation_failed', 'Invalid'),
        errors: [{ path: 'body.spareParts.0.quantity', message: 'Must be at least 1' }],
      },
    });
    expect(errors).toEqual({ 'spareParts.0.quantity': 'Must be at least 1' });
    expect(outcome.kind).toBe('fields');
  });

  it.each([
    ['customer', 'customers.emailTaken'],
    ['technician', 'technicians.emailTaken'],
    ['user', 'admin.users.emailTaken'],
  ] as const)('puts email_taken on the e-mail field with the %s message', async (subject, key) => {
    const { outcome, errors } = await apply({ status: 409, body: problem(409, 'email_taken', 'x') }, subject);
    expect(errors).toEqual({ email: catalogueError(key) });
    expect(outcome.kind).toBe('fields');
  });

  it('puts name_taken on the name field of a warehouse location', async () => {
    const { errors } = await apply({ status: 409, body: problem(409, 'name_taken') }, 'warehouseLocation');
    expect(errors).toEqual({ name: catalogueError('warehouse.validation.nameTaken') });
  });

  it('reports a version conflict with the record’s own message, and touches no field', async () => {
    const { outcome, errors } = await apply(
      { status: 409, body: problem(409, 'version_conflict', 'Stale') },
      'customer',
    );
    expect(outcome).toEqual({ kind: 'versionConflict', message: { key: 'customers.versionConflict' } });
    expect(errors).toEqual({});
  });

  it('gives other answers the screen’s message with status and details, whatever the detail says', async () => {
    const { outcome, errors } = await apply(
      { status: 409, body: problem(409, 'conflict', 'Another customer already has this e-mail address.') },
      'customer',
    );
    expect(errors).toEqual({});
    expect(outcome).toEqual({
      kind: 'message',
      message: {
        key: 'customers.saveFailed',
        detail: '409: Another customer already has this e-mail address.',
      },
    });
  });
});

describe('problemMessage', () => {
  it('uses the catalogue for in_use on a warehouse location, the fallback elsewhere', async () => {
    const error = await failureFor({ status: 409, body: problem(409, 'in_use', 'Referenced') });
    expect(problemMessage(error, 'errors.warehouseLocations.delete', 'warehouseLocation')).toEqual({
      key: 'errors.warehouseLocations.inUse',
    });
    expect(problemMessage(error, 'errors.warehouseLocations.delete')).toEqual({
      key: 'errors.warehouseLocations.delete',
      detail: '409: Referenced',
    });
  });
});
