import { useEffect, useLayoutEffect } from 'react';
import type { RefObject } from 'react';
import { useDroppable } from '@dnd-kit/core';
import type { Data } from '@dnd-kit/core';

/**
 * Registers `node` as a dnd-kit drop target and marks it (`data-over`) while a card is over it,
 * without rendering it: dnd-kit renders every drop target again at each step of a drag, so the
 * board's cells and the unscheduled list each call this from a small binding component of their own.
 */
export function useDropTarget(node: RefObject<HTMLElement | null>, id: string, data?: Data): void {
  const { setNodeRef, isOver } = useDroppable(data === undefined ? { id } : { id, data });
  // After the commit: the target (the binding's parent) gets its ref after its children's layout effects.
  useEffect(() => {
    setNodeRef(node.current);
    return () => setNodeRef(null);
  }, [node, setNodeRef]);
  useLayoutEffect(() => {
    const element = node.current;
    element?.toggleAttribute('data-over', isOver);
    return () => element?.removeAttribute('data-over');
  }, [node, isOver]);
}
