import { contactSchema } from '@cocoa/shared-types';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { RateLimit } from '../common/rate-limit.guard';
import { createZodDto } from '../common/zod-validation.pipe';
import { ContactService } from './contact.service';

class ContactDto extends createZodDto(contactSchema) {}

@Controller('contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(200)
  @RateLimit('contact')
  submit(@Body() body: ContactDto): Promise<{ message: string }> {
    return this.contact.submit(body);
  }
}
