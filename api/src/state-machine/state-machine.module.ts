import { Module } from '@nestjs/common';
import { StateMachineService } from './state-machine.service';

/** The one place moves are made: every kind that moves through states declares itself to it (state-machine.ts). */
@Module({
  providers: [StateMachineService],
  exports: [StateMachineService],
})
export class StateMachineModule {}
