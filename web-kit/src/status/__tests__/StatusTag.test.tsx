import { render, screen } from '@testing-library/react';

import { LOG_STATUS, ORDER_SYNC_STATUS, WEBHOOK_METHOD } from '@syncdesk/contracts';

import { StatusTag } from '../StatusTag';

describe('StatusTag', () => {
  it("shows the entry's label in its tone's colour", () => {
    render(<StatusTag vocabulary={ORDER_SYNC_STATUS} value={7} />);
    const tag = screen.getByText('Failed');
    expect(tag.closest('.ant-tag')).toHaveClass('ant-tag-error');
  });

  it.each([
    [2, 'Success', 'ant-tag-success'],
    [1, 'In progress', 'ant-tag-processing'],
    [3, 'Warning', 'ant-tag-warning'],
    [0, 'Waiting', 'ant-tag-default'],
  ])('log status %s → %s (%s)', (value, label, className) => {
    render(<StatusTag vocabulary={LOG_STATUS} value={value} />);
    expect(screen.getByText(label).closest('.ant-tag')).toHaveClass(className);
  });

  it('works with string vocabularies', () => {
    render(<StatusTag vocabulary={WEBHOOK_METHOD} value="PATCH" />);
    expect(screen.getByText('PATCH')).toBeInTheDocument();
  });

  it('shows an unknown value raw in a neutral tag', () => {
    render(<StatusTag vocabulary={ORDER_SYNC_STATUS} value={42} />);
    expect(screen.getByText('42').closest('.ant-tag')).toHaveClass('ant-tag-default');
  });

  it('renders nothing without a value', () => {
    const { container } = render(<StatusTag vocabulary={ORDER_SYNC_STATUS} value={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
