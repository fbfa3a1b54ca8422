import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type FindOptionsWhere, type ObjectLiteral } from 'typeorm';
import type { MoveRequest, StateMachine } from './state-machine';

/**
 * Runs moves of any declared kind (state-machine.ts), each in one transaction of its own: the row
 * locked, the move checked, the new state written with its history row, the mail or job queued.
 * What the move's mails need from outside the database (a signing key, settings) is read before
 * calling, so no transaction waits on it.
 */
@Injectable()
export class StateMachineService {
  constructor(private readonly dataSource: DataSource) {}

  /** One move in a transaction of its own; the row as it now is. */
  move<Row extends ObjectLiteral, S extends string, Ctx>(
    machine: StateMachine<Row, S, Ctx>,
    where: FindOptionsWhere<Row>,
    to: S,
    request: MoveRequest<Row, S, Ctx>,
  ): Promise<Row> {
    return this.withLocked(machine, where, async (m, row) => {
      await machine.step(m, row, to, request);
      return row;
    });
  }

  /**
   * A transaction holding the row's lock, for work around one or more steps (a guard of its own,
   * a refund planned with the move, a second move that follows the first).
   */
  withLocked<Row extends ObjectLiteral, S extends string, Ctx, T>(
    machine: StateMachine<Row, S, Ctx>,
    where: FindOptionsWhere<Row>,
    work: (m: EntityManager, row: Row) => Promise<T>,
  ): Promise<T> {
    return this.dataSource.transaction(async (m) => work(m, await machine.lock(m, where)));
  }
}
