// Package phony is a stand-in for github.com/Arceliar/phony: an actor's
// inbox runs the actions queued on it later, on its own goroutine.
package phony

type queueElem struct {
	msg  func()
	next *queueElem
}

type Inbox struct {
	head *queueElem
}

type Actor interface {
	Act(Actor, func())
	enqueue(func())
}

func (a *Inbox) enqueue(msg func()) {
	a.head = &queueElem{msg: msg, next: a.head}
	go a.run()
}

func (a *Inbox) run() {
	for q := a.head; q != nil; q = q.next {
		q.msg()
	}
}

func (a *Inbox) Act(from Actor, action func()) {
	a.enqueue(action)
}

func Block(actor Actor, action func()) {
	actor.enqueue(action)
}
