import { FEATURED_LIMIT, type Testimonial as TestimonialResponse } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Testimonial } from './testimonial.entity';

export function toTestimonialResponse(testimonial: Testimonial): TestimonialResponse {
  return { id: testimonial.id, name: testimonial.name, content: testimonial.content, rating: testimonial.rating };
}

@Injectable()
export class TestimonialsService {
  constructor(@InjectRepository(Testimonial) private readonly testimonials: Repository<Testimonial>) {}

  /** At most FEATURED_LIMIT featured testimonials, oldest first. */
  async featured(): Promise<TestimonialResponse[]> {
    const rows = await this.testimonials.find({ where: { featured: true }, order: { id: 'ASC' }, take: FEATURED_LIMIT });
    return rows.map(toTestimonialResponse);
  }
}
